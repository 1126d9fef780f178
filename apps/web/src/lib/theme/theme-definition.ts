// The brand catalogue is shared with the server (e-mails in the tenant's brand).
export type { OperatorCompany, ThemeDefinition, ThemeName } from '@recarga/contracts/themes';
