-- Riverside Music School: its staff, students, courses, who takes which course, and its rooms.
CREATE TABLE staff (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  role TEXT NOT NULL,
  city TEXT NOT NULL,
  manager_id INTEGER REFERENCES staff (id)
);
INSERT INTO staff (id, name, role, city, manager_id) VALUES
  (1, 'Grace', 'head', 'York', NULL),
  (2, 'Omar', 'teacher', 'Leeds', 1),
  (3, 'Hana', 'teacher', 'York', 1),
  (4, 'Ivan', 'teacher', 'Harrogate', 2),
  (5, 'Jade', 'office', 'Leeds', 1),
  (6, 'Kofi', 'teacher', 'Selby', 3);

CREATE TABLE students (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  city TEXT NOT NULL
);
INSERT INTO students (id, name, city) VALUES
  (1, 'Ava', 'Leeds'),
  (2, 'Ben', 'York'),
  (3, 'Cara', 'Leeds'),
  (4, 'Dan', 'Selby'),
  (5, 'Elif', 'York'),
  (6, 'Femi', 'Leeds'),
  (7, 'Gus', 'Otley');

CREATE TABLE courses (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  teacher_id INTEGER REFERENCES staff (id),
  fee INTEGER NOT NULL
);
INSERT INTO courses (id, name, teacher_id, fee) VALUES
  (1, 'Piano', 2, 120),
  (2, 'Guitar', 4, 90),
  (3, 'Violin', 3, 110),
  (4, 'Drums', 6, 100),
  (5, 'Singing', 3, 80),
  (6, 'Cello', 3, 100),
  (7, 'Ukulele', 4, 50);

CREATE TABLE enrolments (
  student_id INTEGER NOT NULL REFERENCES students (id),
  course_id INTEGER NOT NULL REFERENCES courses (id),
  PRIMARY KEY (student_id, course_id)
);
INSERT INTO enrolments (student_id, course_id) VALUES
  (1, 1), (1, 3),
  (2, 2), (2, 5),
  (3, 1), (3, 5),
  (4, 2), (4, 4),
  (5, 1), (5, 2);

CREATE TABLE rooms (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);
INSERT INTO rooms (id, name) VALUES
  (1, 'Blue room'),
  (2, 'Red room'),
  (3, 'Hall');

CREATE TABLE days (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);
INSERT INTO days (id, name) VALUES
  (1, 'Saturday'),
  (2, 'Sunday');
