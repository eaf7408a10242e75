-- Jamf Pro connections (issue 27, item 1): Jamf's API is reached with an API client's ID and secret
-- (OAuth client credentials). The secret is sealed in "api_token_encrypted" like Fleet's token; the ID,
-- which is not secret, is kept in clear to show it and to ask for tokens. Null for Fleet.
ALTER TABLE "mdm_connections" ADD COLUMN "client_id" text;
