// The brand catalogue is shared with the server (e-mails in the tenant's brand).
export { getTheme, isThemeName, themes } from '@recarga/contracts/themes';
