-- URL performance analysis (SPEC §2 "analytics", issue 9): each PageSpeed Insights run a signed-in
-- user asked for, kept as their history (charted per URL and strategy on /dashboard/analytics).
-- The four scores are columns (0–100, NULL when Lighthouse could not score a category); the Core
-- Web Vitals with their ratings and sources are the JSON of core/pagespeed.ts `vitals`.
CREATE TABLE analytics_runs (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  strategy TEXT NOT NULL CHECK (strategy IN ('mobile', 'desktop')),
  final_url TEXT NOT NULL,
  performance INTEGER,
  accessibility INTEGER,
  best_practices INTEGER,
  seo INTEGER,
  vitals TEXT NOT NULL,
  lighthouse_version TEXT,
  analysed_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX analytics_runs_user ON analytics_runs (user_id, created_at DESC);
