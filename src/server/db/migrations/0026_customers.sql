CREATE TABLE "customer_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" text,
	"subtype" text,
	"title" text NOT NULL,
	"status" text,
	"link" text,
	"staff_id" integer,
	"by_name" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_phones" (
	"phone" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"zalo_consent" boolean DEFAULT false NOT NULL,
	"zalo_opted_out_at" timestamp with time zone,
	"notes" text,
	"owner_id" integer,
	"search_text" text DEFAULT '' NOT NULL,
	"merged_into_id" integer,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_entries" ADD CONSTRAINT "customer_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_phones" ADD CONSTRAINT "customer_phones_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_entries_ref_idx" ON "customer_entries" USING btree ("kind","ref_id") WHERE ref_id is not null;--> statement-breakpoint
CREATE INDEX "customer_entries_customer_idx" ON "customer_entries" USING btree ("customer_id","occurred_at");--> statement-breakpoint
CREATE INDEX "customers_activity_idx" ON "customers" USING btree ("last_activity_at") WHERE merged_into_id is null;--> statement-breakpoint
CREATE INDEX "customers_owner_idx" ON "customers" USING btree ("owner_id");--> statement-breakpoint
-- Links what exists before the customer record (leads, reservations, alert subscriptions): the
-- phone normalised as contract/customers.ts normalisePhone does (84 and nine digits), one customer per
-- number, an e-mail-only subscriber found by e-mail. The demo showroom, seeded after migrations, links
-- through the services as it is written.
CREATE TEMP TABLE customer_backfill AS
SELECT 'LEAD'::text AS kind, l.id::text AS ref_id, l.type AS subtype, l.full_name, lower(nullif(trim(l.email), '')) AS email,
  l.assignee_id AS staff_id, l.created_at AS occurred_at, regexp_replace(l.phone, '[^0-9]', '', 'g') AS digits,
  (CASE l.type WHEN 'TEST_DRIVE' THEN 'Lái thử' WHEN 'MAINTENANCE' THEN 'Bảo dưỡng' WHEN 'CONSULTING' THEN 'Tư vấn' ELSE 'Thu mua xe' END)
    || coalesce(' ' || nullif(coalesce(l.car_label, concat_ws(' ', l.make, l.model, l.year::text)), ''), '')
    || ' (' || l.reference || ')' AS title,
  CASE l.status WHEN 'NEW' THEN 'Mới' WHEN 'CONTACTED' THEN 'Đã liên hệ' WHEN 'SCHEDULED' THEN 'Đã hẹn' WHEN 'DONE' THEN 'Hoàn thành'
    WHEN 'CANCELLED' THEN 'Đã hủy' WHEN 'OFFERED' THEN 'Đã báo giá' WHEN 'BOUGHT' THEN 'Đã mua' WHEN 'DECLINED' THEN 'Không mua' ELSE l.status END AS status,
  (CASE l.type WHEN 'TEST_DRIVE' THEN '/dashboard/testdriveManagement' WHEN 'MAINTENANCE' THEN '/dashboard/maintenanceManagement'
    WHEN 'CONSULTING' THEN '/dashboard/consultantManagement' ELSE '/dashboard/purchaseManagement' END) || '?id=' || l.id AS link
FROM leads l
UNION ALL
SELECT 'RESERVATION', r.id::text, NULL, r.customer_name, lower(nullif(trim(r.email), '')), NULL, r.created_at,
  regexp_replace(r.phone, '[^0-9]', '', 'g'), 'Đặt cọc giữ xe ' || r.car_name || ' (' || r.code || ')',
  CASE r.status WHEN 'awaiting' THEN 'Chờ thanh toán' WHEN 'paid' THEN 'Đã đặt cọc' WHEN 'expired' THEN 'Hết hạn'
    WHEN 'cancelled' THEN 'Đã hủy' WHEN 'refunded' THEN 'Đã hoàn cọc' WHEN 'sold' THEN 'Đã bán' ELSE r.status END,
  '/dashboard/reservations?search=' || r.code
FROM reservations r
UNION ALL
SELECT 'ALERT', a.id::text, a.kind, NULL, lower(nullif(trim(a.email), '')), NULL, a.created_at, '',
  CASE a.kind WHEN 'price' THEN 'Theo dõi giá xe' ELSE 'Lưu tìm kiếm: báo khi có xe mới phù hợp' END, NULL, NULL
FROM alert_subscriptions a;
--> statement-breakpoint
ALTER TABLE customer_backfill ADD COLUMN phone text;
--> statement-breakpoint
UPDATE customer_backfill SET phone = CASE
  WHEN digits ~ '^0[35789][0-9]{8}$' THEN '84' || substr(digits, 2)
  WHEN digits ~ '^84[35789][0-9]{8}$' THEN digits END;
--> statement-breakpoint
WITH made AS (
  INSERT INTO customers (full_name, phone, emails, owner_id, created_at, last_activity_at)
  SELECT (array_agg(full_name ORDER BY occurred_at))[1], phone,
    coalesce(jsonb_agg(DISTINCT email) FILTER (WHERE email IS NOT NULL), '[]'::jsonb),
    (array_agg(staff_id ORDER BY occurred_at DESC) FILTER (WHERE staff_id IS NOT NULL))[1],
    min(occurred_at), max(occurred_at)
  FROM customer_backfill WHERE phone IS NOT NULL
  GROUP BY phone
  RETURNING id, phone
)
INSERT INTO customer_phones (phone, customer_id) SELECT phone, id FROM made;
--> statement-breakpoint
INSERT INTO customers (emails, created_at, last_activity_at)
SELECT jsonb_build_array(b.email), min(b.occurred_at), max(b.occurred_at)
FROM customer_backfill b
WHERE b.phone IS NULL AND b.email IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.emails @> jsonb_build_array(b.email))
GROUP BY b.email;
--> statement-breakpoint
INSERT INTO customer_entries (customer_id, kind, ref_id, subtype, title, status, link, staff_id, occurred_at)
SELECT x.customer_id, x.kind, x.ref_id, x.subtype, x.title, x.status, x.link, x.staff_id, x.occurred_at FROM (
  SELECT coalesce(cp.customer_id,
      (SELECT c.id FROM customers c WHERE c.emails @> jsonb_build_array(b.email) ORDER BY c.id LIMIT 1)) AS customer_id, b.*
  FROM customer_backfill b LEFT JOIN customer_phones cp ON cp.phone = b.phone
) x WHERE x.customer_id IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE customers c SET search_text = concat_ws(' ',
  nullif(translate(lower(c.full_name), 'àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđÀÁẠẢÃÂẦẤẬẨẪĂẰẮẶẲẴÈÉẸẺẼÊỀẾỆỂỄÌÍỊỈĨÒÓỌỎÕÔỒỐỘỔỖƠỜỚỢỞỠÙÚỤỦŨƯỪỨỰỬỮỲÝỴỶỸĐ', 'aaaaaaaaaaaaaaaaaeeeeeeeeeeeiiiiiooooooooooooooooouuuuuuuuuuuyyyyydaaaaaaaaaaaaaaaaaeeeeeeeeeeeiiiiiooooooooooooooooouuuuuuuuuuuyyyyyd'), ''),
  c.phone, '0' || substr(c.phone, 3),
  (SELECT string_agg(e, ' ') FROM jsonb_array_elements_text(c.emails) e),
  'kh-' || lpad(c.id::text, 6, '0'));
--> statement-breakpoint
DROP TABLE customer_backfill;
