-- Pets that point to their owners, and a shop with orders that point to products.
CREATE TABLE owners (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  city TEXT NOT NULL
);
INSERT INTO owners (id, name, city) VALUES
  (1, 'Ana', 'Leeds'),
  (2, 'Ben', 'York'),
  (3, 'Chloe', 'Leeds'),
  (4, 'Dev', 'Bath'),
  (5, 'Eva', 'York'),
  (6, 'Finn', 'Bath');

CREATE TABLE pets (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  species TEXT NOT NULL,
  age INTEGER NOT NULL,
  owner_id INTEGER NOT NULL REFERENCES owners (id)
);
INSERT INTO pets (id, name, species, age, owner_id) VALUES
  (1, 'Biscuit', 'dog', 3, 1),
  (2, 'Whiskers', 'cat', 5, 2),
  (3, 'Nibbles', 'hamster', 1, 3),
  (4, 'Rex', 'dog', 7, 1),
  (5, 'Luna', 'cat', 2, 4),
  (6, 'Shelly', 'tortoise', 40, 2),
  (7, 'Pip', 'parrot', 12, 3),
  (8, 'Mochi', 'cat', 9, 5),
  (9, 'Bubbles', 'fish', 1, 4),
  (10, 'Pepper', 'dog', 5, 5);

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

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id),
  quantity INTEGER NOT NULL,
  customer TEXT NOT NULL
);
INSERT INTO orders (id, product_id, quantity, customer) VALUES
  (1, 1, 10, 'Ana'),
  (2, 3, 1, 'Ben'),
  (3, 2, 3, 'Ana'),
  (4, 8, 2, 'Chloe'),
  (5, 1, 5, 'Dev'),
  (6, 9, 4, 'Eva'),
  (7, 3, 2, 'Chloe'),
  (8, 7, 1, 'Ben');
