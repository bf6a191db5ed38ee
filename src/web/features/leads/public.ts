/**
 * What other features take from the leads feature: the trade-in (the car page's "Đổi xe cũ lấy xe này"),
 * loaded on the visitor's click. Only the trade-in lives here, so that lazy chunk holds nothing else.
 */
export { default as TradeIn, type TradeInCar } from './sell-car/trade-in';
