import { browserTimeZone } from '../../../lib/browser-time-zone';
import { downloadFile, type DownloadedFile, type DownloadProgress } from '../../../lib/download-file';
import type { StationFilters } from './get-stations';

export type ReportKind = 'unified' | 'individual';

interface ReportRequest {
  kind: ReportKind;
  /** 'YYYY-MM-DD', local days, both included. */
  fromDate: string;
  toDate: string;
  /** Minor units per kWh. */
  costKwh: number;
  incomeKwh: number;
  filters: StationFilters;
}

/**
 * POST /api/report/assessment/unified/ (one PDF) or /users/ (a zip with one PDF per station),
 * with the list filters.
 */
export function downloadAssessmentReport(report: ReportRequest, onProgress?: (p: DownloadProgress) => void): Promise<DownloadedFile> {
  const { filters } = report;
  return downloadFile(
    {
      method: 'POST',
      path: report.kind === 'unified' ? 'report/assessment/unified/' : 'report/assessment/users/',
      accept: report.kind === 'unified' ? 'application/pdf' : 'application/zip',
      body: {
        from_date: report.fromDate,
        to_date: report.toDate,
        timeZone: browserTimeZone(),
        logo: true,
        cost_kwh: report.costKwh,
        income_kwh: report.incomeKwh,
        charge_box_group_pk: filters.chargeBoxGroupPk,
        tenant_pk: filters.tenantPk,
        search_input: filters.searchInput?.trim() || undefined,
        active: filters.active,
        online: filters.online,
      },
    },
    onProgress,
  );
}
