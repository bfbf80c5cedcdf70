CREATE TABLE vitamins (name text);
