class MyError(Exception):
    def __init__(self, code):
        super().__init__(f"code {code}")
        self.code = code
    def __str__(self):
        return f"MyError with code {self.code}"
raise MyError(7)
