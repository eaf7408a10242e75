-- Placeholder: replaced by the migration of this area.
SELECT 1;
