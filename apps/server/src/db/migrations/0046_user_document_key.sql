-- One document per person within a network tree compares documents by their key: capitals,
-- letters and digits only (a cédula typed '1.020.304.050' is the person typed '1020304050').
-- Numbers stay stored as typed (CPF and CNPJ as digits); this index answers the key lookups
-- (users/repository.ts documentHolder, tags/repository.ts tagOfDocument), whose expression is
-- db/sql/document-key.ts.
create index users_doc_key_idx on users (doc_type, regexp_replace(upper(doc_number), '[^0-9A-Z]', '', 'g'));
