-- The cargo of the person behind each account: documents, histories and the
-- audit name people by name and cargo, never by login; the signature block
-- of the informe and the acta takes both from the account.
ALTER TABLE cuentas ADD COLUMN cargo TEXT NOT NULL DEFAULT '';
