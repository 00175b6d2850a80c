-- The Northern Lights box office's own details; the learner builds the rest.
CREATE TABLE box_office (
  name TEXT NOT NULL,
  city TEXT NOT NULL,
  phone TEXT NOT NULL
);
INSERT INTO box_office (name, city, phone) VALUES
  ('Northern Lights Tickets', 'Manchester', '0161 496 0000');
