-- Parkside Runners: the club's members and every run they logged from 2 to 22 March 2026.
CREATE TABLE members (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);
INSERT INTO members (id, name) VALUES
  (1, 'Asha'),
  (2, 'Ben'),
  (3, 'Chioma'),
  (4, 'Dara');

-- One row per run: at most one run a member a day; km rounded to whole kilometres.
CREATE TABLE runs (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  day TEXT NOT NULL,
  km INTEGER NOT NULL,
  UNIQUE (member_id, day)
);
INSERT INTO runs (id, member_id, day, km) VALUES
  (1, 1, '2026-03-02', 5),
  (2, 3, '2026-03-02', 3),
  (3, 1, '2026-03-03', 5),
  (4, 2, '2026-03-03', 10),
  (5, 1, '2026-03-04', 6),
  (6, 1, '2026-03-06', 5),
  (7, 1, '2026-03-07', 8),
  (8, 2, '2026-03-07', 8),
  (9, 1, '2026-03-08', 6),
  (10, 2, '2026-03-08', 12),
  (11, 1, '2026-03-09', 8),
  (12, 3, '2026-03-09', 4),
  (13, 1, '2026-03-10', 10),
  (14, 3, '2026-03-10', 3),
  (15, 2, '2026-03-11', 6),
  (16, 3, '2026-03-11', 5),
  (17, 4, '2026-03-11', 5),
  (18, 2, '2026-03-12', 8),
  (19, 3, '2026-03-12', 4),
  (20, 1, '2026-03-14', 8),
  (21, 4, '2026-03-14', 5),
  (22, 2, '2026-03-15', 12),
  (23, 4, '2026-03-15', 6),
  (24, 2, '2026-03-16', 5),
  (25, 3, '2026-03-16', 5),
  (26, 1, '2026-03-17', 12),
  (27, 2, '2026-03-17', 15),
  (28, 1, '2026-03-18', 10),
  (29, 4, '2026-03-18', 4),
  (30, 2, '2026-03-20', 21),
  (31, 3, '2026-03-20', 7),
  (32, 4, '2026-03-20', 8),
  (33, 1, '2026-03-21', 14),
  (34, 4, '2026-03-21', 5),
  (35, 3, '2026-03-22', 6),
  (36, 4, '2026-03-22', 10);
