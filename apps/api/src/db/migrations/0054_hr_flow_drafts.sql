-- Draft onboardings and offboardings from the HR sync (issue 30, item 2): filled in by the work that builds them.
SELECT 1;
