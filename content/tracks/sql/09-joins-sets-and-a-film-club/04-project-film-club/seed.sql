-- The Friday Film Club: its members, the films it knows, its film nights, who came, and the members' ratings.
CREATE TABLE members (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  joined TEXT NOT NULL
);
INSERT INTO members (id, name, joined) VALUES
  (1, 'Priya', '2025-09-05'),
  (2, 'Tom', '2025-09-05'),
  (3, 'Zara', '2025-10-03'),
  (4, 'Leo', '2025-11-07'),
  (5, 'Mei', '2025-12-05'),
  (6, 'Sam', '2025-12-05');

CREATE TABLE films (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  year INTEGER NOT NULL
);
INSERT INTO films (id, title, year) VALUES
  (1, 'Spirited Away', 2001),
  (2, 'Paddington 2', 2017),
  (3, 'The Iron Giant', 1999),
  (4, 'Hidden Figures', 2016),
  (5, 'Chicken Run', 2000),
  (6, 'Coco', 2017),
  (7, 'The Princess Bride', 1987),
  (8, 'WALL-E', 2008),
  (9, 'Up', 2009);

-- One row for each film night: which film the club showed, and when.
CREATE TABLE screenings (
  id INTEGER PRIMARY KEY,
  film_id INTEGER NOT NULL REFERENCES films (id),
  shown_on TEXT NOT NULL
);
INSERT INTO screenings (id, film_id, shown_on) VALUES
  (1, 3, '2026-01-09'),
  (2, 1, '2026-02-06'),
  (3, 4, '2026-03-06'),
  (4, 2, '2026-04-03'),
  (5, 5, '2026-05-01'),
  (6, 1, '2026-06-05'),
  (7, 5, '2026-07-03');

-- One row for each member who came to a film night.
CREATE TABLE attendance (
  screening_id INTEGER NOT NULL REFERENCES screenings (id),
  member_id INTEGER NOT NULL REFERENCES members (id),
  PRIMARY KEY (screening_id, member_id)
);
INSERT INTO attendance (screening_id, member_id) VALUES
  (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6),
  (2, 1), (2, 3), (2, 4), (2, 5),
  (3, 1), (3, 2), (3, 3), (3, 6),
  (4, 1), (4, 2), (4, 3), (4, 4), (4, 5), (4, 6),
  (5, 2), (5, 4), (5, 5), (5, 6),
  (6, 2), (6, 3), (6, 6),
  (7, 1), (7, 2);

-- Stars from 1 to 5, at most one rating per member and film, at the club or at home.
CREATE TABLE ratings (
  member_id INTEGER NOT NULL REFERENCES members (id),
  film_id INTEGER NOT NULL REFERENCES films (id),
  stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
  PRIMARY KEY (member_id, film_id)
);
INSERT INTO ratings (member_id, film_id, stars) VALUES
  (1, 3, 4), (1, 1, 5), (1, 4, 4), (1, 2, 3), (1, 6, 4),
  (2, 3, 3), (2, 4, 4), (2, 2, 2), (2, 5, 1),
  (3, 3, 5), (3, 1, 4), (3, 4, 3), (3, 2, 5),
  (4, 3, 4), (4, 1, 2), (4, 5, 5), (4, 7, 3);
