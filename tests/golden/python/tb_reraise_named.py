def parse(text):
    try:
        return int(text)
    except ValueError as err:
        print("could not parse", repr(text))
        raise err
parse("12")
parse("twelve")
