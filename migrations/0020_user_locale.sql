-- Issue 19 (5): mails go out in the recipient's language. The account's language is the one it
-- registered with, then the one it last signed in with (the page's language: its `locale`
-- cookie or ?lang, else Accept-Language). English for the accounts that existed before.
ALTER TABLE users ADD COLUMN locale TEXT NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'tr'));
