import {
  AlertOutlined,
  ClusterOutlined,
  ControlOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  DollarOutlined,
  FileTextOutlined,
  GiftOutlined,
  PercentageOutlined,
  ApartmentOutlined,
  HomeOutlined,
  LineChartOutlined,
  NotificationOutlined,
  PartitionOutlined,
  SlidersOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  WalletOutlined,
} from '@ant-design/icons';

/**
 * The main menu's icons, named by the route table (`menu.icon`). They live with the menu, not in
 * the table, so that the sign-in pages (which load the table) do not carry them.
 */
export const menuIcons = {
  home: HomeOutlined,
  stations: ThunderboltOutlined,
  stationGroups: ClusterOutlined,
  users: TeamOutlined,
  tags: CreditCardOutlined,
  operations: ControlOutlined,
  transactions: DollarOutlined,
  indicators: LineChartOutlined,
  alerts: AlertOutlined,
  dynamicPricing: PercentageOutlined,
  virtualGroups: ApartmentOutlined,
  financial: WalletOutlined,
  vouchers: GiftOutlined,
  support: CustomerServiceOutlined,
  pushNotification: NotificationOutlined,
  log: FileTextOutlined,
  config: SlidersOutlined,
  admin: PartitionOutlined,
};

export type MenuIconName = keyof typeof menuIcons;
