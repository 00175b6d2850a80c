-- The Lumen Cafe's own details.
CREATE TABLE cafe (
  name TEXT NOT NULL,
  city TEXT NOT NULL,
  opened INTEGER NOT NULL
);
INSERT INTO cafe (name, city, opened) VALUES ('Lumen Cafe', 'Bath', 2024);
