// Every namespace of this language, loaded together as one chunk (lib/i18n.ts).
export { default as alerts } from './alerts.json';
export { default as auth } from './auth.json';
export { default as common } from './common.json';
export { default as home } from './home.json';
export { default as indicators } from './indicators.json';
export { default as legal } from './legal.json';
export { default as map } from './map.json';
export { default as notifications } from './notifications.json';
export { default as operations } from './operations.json';
export { default as plugShare } from './plugShare.json';
export { default as shell } from './shell.json';
export { default as stationGroups } from './stationGroups.json';
export { default as stations } from './stations.json';
export { default as tags } from './tags.json';
export { default as transactions } from './transactions.json';
export { default as users } from './users.json';
