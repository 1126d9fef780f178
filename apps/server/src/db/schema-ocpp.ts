/** Tables of the OCPP central system (stations, connectors, tags, transactions, ...). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OcppTables {}
