-- Sentences the server stores are stored with their code too (docs/decisions/641-server-words-as-codes.md),
-- so each screen words them in the page's language: why a refund was rejected, and why a Delay
-- Repay claim was rejected or its payment failed. The English sentence stays, for an app that does
-- not know the code. Rows written before get the code their sentence says.
alter table refunds add column rejected_reason_code text;
update refunds set rejected_reason_code = 'TICKETS_NOT_RECEIVED' where rejected_reason like 'We did not receive your tickets by %';
update refunds set rejected_reason_code = 'CARD_ACCOUNT_CLOSED' where rejected_reason like '%card account is closed%';
alter table delay_repay_claims add column status_reason_code text;
update delay_repay_claims set status_reason_code = 'DELAY_BELOW_THRESHOLD' where status_reason like '%under the % minutes Delay Repay starts at.';
update delay_repay_claims set status_reason_code = 'PAYOUT_CARD_EXPIRED' where status_reason like 'The card you paid with has expired%';
