scores = {"alice": [90, 85]}
scores["alice"][0] += 5
print(scores)
scores["alice"][2] += 1
