-- Room on each page for HOT updates of member totals: every fold of a match rewrites its round's rows, and
-- the embedded database never vacuums, so at the default fillfactor a season left member_round_totals
-- nine times its size (4,294 pages for 38,000 rows, against 1,452 at 70), and the stats page, which reads
-- every row of a group, 15 ms slower (docs/benchmarks.md). No index covers the updated columns. Applies
-- to pages written from now on.
ALTER TABLE "member_round_totals" SET (fillfactor = 70);
