-- Who holds a notification's send lease (the email job's id). A retry of the same job
-- takes its own lease back at once — after a database blip between claiming and sending it would
-- otherwise wait out the whole lease.
ALTER TABLE notifications ADD COLUMN claimed_by text;
