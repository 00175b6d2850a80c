-- The book club's own details; the learner builds the rest.
CREATE TABLE club (
  name TEXT NOT NULL,
  meets TEXT NOT NULL
);
INSERT INTO club (name, meets) VALUES ('Page Turners', 'first Tuesday of the month');
