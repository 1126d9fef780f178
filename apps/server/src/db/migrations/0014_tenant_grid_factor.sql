-- The emission factor of a tenant's grid (kg CO2 per kWh) behind the home page's CO2 avoided and
-- trees: null keeps its country's sourced default (contracts/stats GRID_FACTORS); a tenant that
-- knows its own supply (a green tariff, an island grid) sets it.
alter table tenants add column grid_co2_kg_per_kwh double precision
  check (grid_co2_kg_per_kwh is null or (grid_co2_kg_per_kwh >= 0 and grid_co2_kg_per_kwh <= 2));
