s = "unterminated
