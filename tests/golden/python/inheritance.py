class Animal:
    def __init__(self, name):
        self.name = name
    def speak(self):
        return "..."
    def intro(self):
        return f"{self.name} says {self.speak()}"
class Dog(Animal):
    def __init__(self, name, breed):
        super().__init__(name)
        self.breed = breed
    def speak(self):
        return "Woof"
class Puppy(Dog):
    def __init__(self, name):
        super(Puppy, self).__init__(name, "mixed")
    def speak(self):
        return super().speak() + "!"
for a in [Animal("generic"), Dog("Rex", "lab"), Puppy("Bit")]:
    print(a.intro(), type(a).__name__, isinstance(a, Animal), isinstance(a, Dog))
print(Puppy("x").breed, issubclass(Puppy, Animal), issubclass(Animal, Dog))
