-- Leases for periodic jobs: one node of the cluster runs a given job at a time.
create table job_leases (
  name text primary key,
  owner text not null,
  lease_until timestamptz not null,
  last_run_at timestamptz,
  last_error text
);
