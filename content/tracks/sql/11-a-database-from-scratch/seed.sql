-- The Harmony Music School: its teachers, pupils and their weekly lessons, parents' contacts,
-- a waiting list, the newsletter, practice diaries, a log of lesson changes and the
-- instruments it lends.
CREATE TABLE teachers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  instrument TEXT NOT NULL,
  lesson_count INTEGER NOT NULL DEFAULT 0
);
INSERT INTO teachers (id, name, instrument, lesson_count) VALUES
  (1, 'Ms Adeyemi', 'piano', 3),
  (2, 'Mr Novak', 'guitar', 2),
  (3, 'Mrs Chen', 'violin', 2);

CREATE TABLE pupils (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  age INTEGER NOT NULL
);
INSERT INTO pupils (id, name, age) VALUES
  (1, 'Ava', 9),
  (2, 'Ben', 12),
  (3, 'Cara', 15),
  (4, 'Dan', 11),
  (5, 'Ella', 8),
  (6, 'Femi', 14);

CREATE TABLE lessons (
  id INTEGER PRIMARY KEY,
  pupil_id INTEGER NOT NULL REFERENCES pupils (id) ON DELETE CASCADE,
  teacher_id INTEGER NOT NULL REFERENCES teachers (id),
  day TEXT NOT NULL,
  minutes INTEGER NOT NULL
);
INSERT INTO lessons (id, pupil_id, teacher_id, day, minutes) VALUES
  (1, 1, 1, 'Mon', 30),
  (2, 2, 2, 'Tue', 45),
  (3, 3, 1, 'Mon', 60),
  (4, 4, 3, 'Wed', 30),
  (5, 5, 2, 'Tue', 30),
  (6, 6, 3, 'Thu', 45),
  (7, 2, 1, 'Thu', 30);

CREATE TABLE contacts (
  id INTEGER PRIMARY KEY,
  pupil_id INTEGER NOT NULL REFERENCES pupils (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  phone TEXT NOT NULL
);
INSERT INTO contacts (id, pupil_id, name, phone) VALUES
  (1, 1, 'Sade Bello', '07700 900101'),
  (2, 2, 'Piotr Kowal', '07700 900202'),
  (3, 2, 'Anna Kowal', '07700 900203'),
  (4, 3, 'Luis Ortega', '07700 900303'),
  (5, 4, 'Mei Lin', '07700 900404'),
  (6, 5, 'Tom Hart', '07700 900505'),
  (7, 6, 'Grace Obi', '07700 900606');

-- The waiting list: accepted is 1 for a place offered, 0 for not yet.
CREATE TABLE applicants (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  age INTEGER NOT NULL,
  accepted INTEGER NOT NULL
);
INSERT INTO applicants (id, name, age, accepted) VALUES
  (1, 'Gus', 10, 1),
  (2, 'Hana', 13, 0),
  (3, 'Ivo', 7, 1),
  (4, 'Jade', 16, 1),
  (5, 'Kit', 12, 0);

CREATE TABLE newsletter (
  email TEXT PRIMARY KEY,
  name TEXT NOT NULL
);
INSERT INTO newsletter (email, name) VALUES
  ('sade.bello@example.com', 'Sade Bello'),
  ('piotr@example.com', 'Piotr Kowal'),
  ('cara@example.com', 'Cara Ortega'),
  ('mei.lin@example.com', 'Mei Lin');

-- Minutes each pupil practised at home, week by week.
CREATE TABLE practice (
  pupil_id INTEGER NOT NULL REFERENCES pupils (id) ON DELETE CASCADE,
  week INTEGER NOT NULL,
  minutes INTEGER NOT NULL,
  PRIMARY KEY (pupil_id, week)
);
INSERT INTO practice (pupil_id, week, minutes) VALUES
  (1, 1, 60),
  (1, 2, 45),
  (1, 3, 30),
  (2, 2, 50),
  (3, 1, 90),
  (3, 3, 40),
  (4, 2, 25);

CREATE TABLE lesson_changes (
  id INTEGER PRIMARY KEY,
  lesson_id INTEGER NOT NULL,
  old_minutes INTEGER NOT NULL,
  new_minutes INTEGER NOT NULL,
  changed_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- Each instrument's details are JSON text.
CREATE TABLE instruments (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  details TEXT NOT NULL
);
INSERT INTO instruments (id, name, details) VALUES
  (1, 'Cello', '{"maker": "Primavera", "year": 2012, "size": "1/2"}'),
  (2, 'Violin', '{"maker": "Yamaha", "year": 2019, "size": "3/4"}'),
  (3, 'Guitar', '{"maker": "Yamaha", "year": 2010, "size": "full"}'),
  (4, 'Flute', '{"maker": "Trevor James", "year": 2016}'),
  (5, 'Keyboard', '{"maker": "Roland", "year": 2014}'),
  (6, 'Trumpet', '{"maker": "Bach", "year": 2015}');
