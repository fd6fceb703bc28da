-- Data only (issue 7, French): the program has one French name, 'Programme de récupération en épicerie'
-- (messages/fr.json). Databases seeded before the choice keep the old default login-page title in app_settings
-- 'bg-data' (the seed only inserts when missing); change it where it is still exactly that old default, under either
-- spelling of the key. A title an operator chose stays as it is.
UPDATE "app_settings"
SET "value" = jsonb_set("value", '{fr_title}', to_jsonb('Programme de récupération en épicerie'::text))
WHERE "key" = 'bg-data' AND jsonb_typeof("value") = 'object' AND "value"->>'fr_title' = 'Programme alimentaire de détail';
--> statement-breakpoint
UPDATE "app_settings"
SET "value" = jsonb_set("value", '{frTitle}', to_jsonb('Programme de récupération en épicerie'::text))
WHERE "key" = 'bg-data' AND jsonb_typeof("value") = 'object' AND "value"->>'frTitle' = 'Programme alimentaire de détail';
