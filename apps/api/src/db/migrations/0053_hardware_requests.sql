-- Hardware requests (issue 31, item 4): filled in by the work that builds them.
SELECT 1;
