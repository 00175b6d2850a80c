-- The Rolling Pin's Harbour shop: its takings (in pounds) on the days it opened in March 2026
-- (closed on Sundays, on Wednesday 4 March when the oven broke and on Monday 16 March for a
-- staff training day), and its product categories.
CREATE TABLE sales (
  day TEXT PRIMARY KEY,
  amount INTEGER NOT NULL
);
INSERT INTO sales (day, amount) VALUES
  ('2026-03-02', 180),
  ('2026-03-03', 210),
  ('2026-03-05', 240),
  ('2026-03-06', 145),
  ('2026-03-07', 225),
  ('2026-03-09', 170),
  ('2026-03-10', 190),
  ('2026-03-11', 205),
  ('2026-03-12', 230),
  ('2026-03-13', 160),
  ('2026-03-14', 250),
  ('2026-03-17', 185),
  ('2026-03-18', 200),
  ('2026-03-19', 215),
  ('2026-03-20', 165),
  ('2026-03-21', 260);

-- Each category may sit inside another: parent_id is the id of the category it belongs to.
CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  parent_id INTEGER REFERENCES categories (id)
);
INSERT INTO categories (id, name, parent_id) VALUES
  (1, 'Bread', NULL),
  (2, 'Cakes', NULL),
  (3, 'Sourdough', 1),
  (4, 'Rye', 1),
  (5, 'Celebration cakes', 2),
  (6, 'Cupcakes', 2),
  (7, 'Wedding cakes', 5),
  (8, 'Birthday cakes', 5),
  (9, 'Chocolate cupcakes', 6);
