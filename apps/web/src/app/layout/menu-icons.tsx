import {
  AlertOutlined,
  ClusterOutlined,
  ControlOutlined,
  CreditCardOutlined,
  DollarOutlined,
  PercentageOutlined,
  ApartmentOutlined,
  HomeOutlined,
  LineChartOutlined,
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
};

export type MenuIconName = keyof typeof menuIcons;
