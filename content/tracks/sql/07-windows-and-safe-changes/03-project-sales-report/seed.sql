-- The small shop of tutorial 406: customers, products and three months of orders, for the sales report.
CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  city TEXT NOT NULL
);
INSERT INTO customers (id, name, city) VALUES
  (1, 'Ana', 'Leeds'),
  (2, 'Ben', 'York'),
  (3, 'Chloe', 'Leeds'),
  (4, 'Dev', 'Bath'),
  (5, 'Eva', 'York'),
  (6, 'Finn', 'Bath');

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
  customer_id INTEGER NOT NULL REFERENCES customers (id),
  product_id INTEGER NOT NULL REFERENCES products (id),
  quantity INTEGER NOT NULL,
  order_date TEXT NOT NULL
);
INSERT INTO orders (id, customer_id, product_id, quantity, order_date) VALUES
  (1, 1, 1, 10, '2026-02-03'),
  (2, 2, 3, 1, '2026-02-10'),
  (3, 1, 2, 3, '2026-02-21'),
  (4, 3, 8, 2, '2026-03-01'),
  (5, 4, 1, 5, '2026-03-05'),
  (6, 5, 9, 4, '2026-03-11'),
  (7, 3, 3, 2, '2026-03-18'),
  (8, 2, 7, 1, '2026-03-31'),
  (9, 6, 4, 1, '2026-04-01'),
  (10, 4, 6, 2, '2026-04-09'),
  (11, 1, 10, 1, '2026-04-15'),
  (12, 5, 8, 1, '2026-04-20');
