-- Refunds recorded before a0717dc have no member (user_id NULL): 成员消费排行 joins members and dropped them, so its
-- sum was not 合计's. A refund belongs to the member whose order it refunds; its note ends with that order's number
-- ("<package> 订单 <number>"), unique within the company.
UPDATE "consumptions" AS c
SET "user_id" = o."created_by"
FROM "orders" AS o
WHERE c."kind" = 'refund'
  AND c."user_id" IS NULL
  AND o."company_id" = c."company_id"
  AND o."state" = 'refunded'
  AND o."created_by" IS NOT NULL
  AND right(c."note", char_length(o."number") + 3) = '订单 ' || o."number";
