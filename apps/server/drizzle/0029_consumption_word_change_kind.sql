-- The word-change tool recorded its use as 'word-change' while the cost pages name the kind 'wordChange' (contracts
-- CONSUME_KINDS): the rows showed the raw code, made a second statistics row and escaped the 智能改写 filter.
UPDATE "consumptions" SET "kind" = 'wordChange' WHERE "kind" = 'word-change';
