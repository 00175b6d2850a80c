-- Friendly sample data: a few pets, the planets and a small shop.
CREATE TABLE pets (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  species TEXT NOT NULL,
  age INTEGER NOT NULL,
  owner TEXT NOT NULL
);
INSERT INTO pets (id, name, species, age, owner) VALUES
  (1, 'Biscuit', 'dog', 3, 'Ana'),
  (2, 'Whiskers', 'cat', 5, 'Ben'),
  (3, 'Nibbles', 'hamster', 1, 'Chloe'),
  (4, 'Rex', 'dog', 7, 'Ana'),
  (5, 'Luna', 'cat', 2, 'Dev'),
  (6, 'Shelly', 'tortoise', 40, 'Ben'),
  (7, 'Pip', 'parrot', 12, 'Chloe'),
  (8, 'Mochi', 'cat', 9, 'Eva'),
  (9, 'Bubbles', 'fish', 1, 'Dev'),
  (10, 'Pepper', 'dog', 5, 'Eva');

CREATE TABLE planets (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  position INTEGER NOT NULL,
  diameter_km INTEGER NOT NULL
);
INSERT INTO planets (id, name, kind, position, diameter_km) VALUES
  (1, 'Mercury', 'rocky', 1, 4879),
  (2, 'Venus', 'rocky', 2, 12104),
  (3, 'Earth', 'rocky', 3, 12756),
  (4, 'Mars', 'rocky', 4, 6792),
  (5, 'Jupiter', 'gas giant', 5, 142984),
  (6, 'Saturn', 'gas giant', 6, 120536),
  (7, 'Uranus', 'ice giant', 7, 51118),
  (8, 'Neptune', 'ice giant', 8, 49528);

CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  category TEXT NOT NULL,
  price REAL NOT NULL,
  stock INTEGER NOT NULL
);
INSERT INTO products (id, name, category, price, stock) VALUES
  (1, 'Pencil', 'stationery', 1.5, 120),
  (2, 'Notebook', 'stationery', 4, 40),
  (3, 'Backpack', 'bags', 25, 8),
  (4, 'Water bottle', 'kitchen', 12, 15),
  (5, 'Lunch box', 'kitchen', 9.5, 0),
  (6, 'Tote bag', 'bags', 6, 30),
  (7, 'Marker set', 'stationery', 7.5, 22),
  (8, 'Mug', 'kitchen', 8, 12),
  (9, 'Sticker pack', 'stationery', 2, 200),
  (10, 'Gym bag', 'bags', 18, 0);
