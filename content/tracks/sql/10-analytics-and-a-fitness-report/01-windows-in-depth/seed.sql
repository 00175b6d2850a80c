-- The Rolling Pin bakery: each shop's takings (in pounds) from Monday 2 to Saturday 7 March 2026,
-- the scores of its bake-off and its regular customers' visits this year; and, for the examples,
-- the pets and planets of the first tutorials.
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

CREATE TABLE takings (
  day TEXT NOT NULL,
  shop TEXT NOT NULL,
  amount INTEGER NOT NULL,
  PRIMARY KEY (day, shop)
);
INSERT INTO takings (day, shop, amount) VALUES
  ('2026-03-02', 'Harbour', 180),
  ('2026-03-02', 'Market', 120),
  ('2026-03-02', 'Station', 140),
  ('2026-03-03', 'Harbour', 210),
  ('2026-03-03', 'Market', 160),
  ('2026-03-03', 'Station', 130),
  ('2026-03-04', 'Harbour', 200),
  ('2026-03-04', 'Market', 140),
  ('2026-03-04', 'Station', 100),
  ('2026-03-05', 'Harbour', 240),
  ('2026-03-05', 'Market', 130),
  ('2026-03-05', 'Station', 90),
  ('2026-03-06', 'Harbour', 145),
  ('2026-03-06', 'Market', 170),
  ('2026-03-06', 'Station', 110),
  ('2026-03-07', 'Harbour', 225),
  ('2026-03-07', 'Market', 180),
  ('2026-03-07', 'Station', 130);

CREATE TABLE bake_off (
  baker TEXT PRIMARY KEY,
  cake TEXT NOT NULL,
  score INTEGER NOT NULL
);
INSERT INTO bake_off (baker, cake, score) VALUES
  ('Priya', 'Lemon drizzle', 9),
  ('Tom', 'Carrot cake', 7),
  ('Grace', 'Black Forest gateau', 9),
  ('Sam', 'Victoria sponge', 8),
  ('Ola', 'Coffee and walnut', 7),
  ('Ravi', 'Battenberg', 5),
  ('Nell', 'Bakewell tart', 7);

CREATE TABLE regulars (
  name TEXT PRIMARY KEY,
  visits INTEGER NOT NULL
);
INSERT INTO regulars (name, visits) VALUES
  ('Ada', 42),
  ('Bilal', 17),
  ('Cora', 35),
  ('Dev', 8),
  ('Elif', 29),
  ('Femi', 51),
  ('Gus', 12),
  ('Hana', 23),
  ('Ivo', 4);
