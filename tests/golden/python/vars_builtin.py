# vars(obj) is obj.__dict__, as d2l's HyperParameters and many config classes print it.
class HyperParameters:
    def save_hyperparameters(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)


class Trainer(HyperParameters):
    def __init__(self, max_epochs, num_gpus=0, gradient_clip_val=0):
        self.save_hyperparameters(max_epochs=max_epochs, num_gpus=num_gpus, gradient_clip_val=gradient_clip_val)


tr = Trainer(3)
print(vars(tr))
print(sorted(vars(tr).items()), len(vars(tr)))


def show(a, b=2):
    c = a + b
    print(sorted(vars().items()))


show(1)
print(vars)
try:
    vars(3)
except TypeError as e:
    print("TypeError:", e)
vars(1, 2)
