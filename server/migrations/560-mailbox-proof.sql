-- Proof of the mailbox (docs/decisions/560-proof-of-the-mailbox-ends-what-came-before.md).
-- A registration's confirmation link is bound to the browser that registered: sha256 of a random
-- value kept in an httpOnly cookie there. Opened in that browser (or in a session of the account),
-- the link proves that whoever set the password reads the mailbox; opened anywhere else it proves
-- the mailbox only, and the password set at registration ends.
alter table email_change_requests add column browser_hash text;
