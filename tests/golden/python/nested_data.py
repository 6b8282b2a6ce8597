data = {"users": [{"name": "a", "tags": ["x", "y"]}, {"name": "b", "tags": []}]}
for u in data["users"]:
    print(u["name"], len(u["tags"]), u)
grid = [[0] * 3 for _ in range(2)]
grid[0][1] = 5
print(grid)
l = [1]
l.append(l)
print(l)
print(repr([1, "a", 2.5, None, True, (1,), {"k": [1]}]))
