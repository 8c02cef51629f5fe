-- Each round total's figures as the stats page reads them, kept by PostgreSQL on every write (schema.ts
-- memberRoundTotals.statsLine): the page then joins 38,000 stored texts instead of formatting 300,000 numbers.
ALTER TABLE "member_round_totals" ADD COLUMN "stats_line" text GENERATED ALWAYS AS (round_order::text || ',' || points::text || ',' || exact::text || ',' || goal_difference::text
    || ',' || winner::text || ',' || opposite::text || ',' || scored_bits::text || ',' || hit_bits::text) STORED;