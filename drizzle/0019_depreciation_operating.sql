-- Issue 37. Accumulated depreciation and amortisation are not cash: their change is added back under operating
-- activities (the indirect method), never shown as investing. The seed and migration 0012 marked the seeded
-- contra-asset investing; an install that has it (or an account of that name) gets its type's default, operating.
UPDATE "chart_of_accounts" SET "cash_flow_activity" = NULL, "updated_at" = now()
  WHERE "cash_flow_activity" = 'investing' AND "type" = 'asset'
    AND "name" ~* 'accumulated\s+(depreciation|amorti[sz]ation)';
