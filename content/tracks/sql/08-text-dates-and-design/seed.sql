-- A small guest house: its guests, rooms, room features and bookings.
CREATE TABLE guests (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT,
  city TEXT NOT NULL
);
INSERT INTO guests (id, name, email, phone, city) VALUES
  (1, 'Maya Patel', 'MAYA@EXAMPLE.COM', '07700 900123', 'Leeds'),
  (2, 'Tom Okafor', 'tom.okafor@example.com', NULL, 'York'),
  (3, 'Lena Fischer', 'Lena@Example.com', '07700 900456', 'Bath'),
  (4, 'Omar Haddad', 'omar@example.com', NULL, 'Leeds'),
  (5, 'Rosa Lind', 'rosa.lind@example.com', '07700 900789', 'Norwich');

CREATE TABLE rooms (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL,
  kind TEXT NOT NULL,
  price REAL NOT NULL
);
INSERT INTO rooms (id, code, kind, price) VALUES
  (1, '  a-101 ', 'single', 60),
  (2, 'a-102', 'double', 85),
  (3, ' b-201', 'double', 90),
  (4, 'b-202  ', 'suite', 150);

CREATE TABLE features (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);
INSERT INTO features (id, name) VALUES
  (1, 'sea view'),
  (2, 'balcony'),
  (3, 'bath');

CREATE TABLE bookings (
  id INTEGER PRIMARY KEY,
  guest_id INTEGER NOT NULL REFERENCES guests(id),
  room_id INTEGER NOT NULL REFERENCES rooms(id),
  check_in TEXT NOT NULL,
  nights INTEGER NOT NULL
);
INSERT INTO bookings (id, guest_id, room_id, check_in, nights) VALUES
  (1, 1, 2, '2026-03-04', 2),
  (2, 2, 1, '2026-03-18', 1),
  (3, 3, 4, '2026-03-28', 5),
  (4, 1, 3, '2026-04-10', 3),
  (5, 4, 2, '2026-04-30', 2),
  (6, 5, 1, '2026-05-02', 4);
