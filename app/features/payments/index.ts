// The payments feature's public module: what routes and other features may use of it, safe in the browser.
// Server-only parts are in ./index.server.ts.
export { OPERATOR_NAMES, type PaymentOperator } from "./operators";
export { PaymentPanel, type PayFormAnswer } from "./pay-panel";
export { PAY_TEXT, type PayPanel, pendingRefreshSeconds } from "./pay-view";
export { DESK_PAYING_NOW, PAYMENT_LABELS, PayingNowBadge, PaymentActions, PaymentBadge, type PaymentRefusal, PaymentsNotSetUp, type PaymentState } from "./desk-payment-parts";
export { PaymentTotals } from "./payment-totals";
export { type MoneyThisMonth, MoneyThisMonthCard } from "./money-this-month-card";
export { GiveForm, type GiveFormProps } from "./give-form";
export { GIVE_TEXT, TRY_AGAIN_INTENT } from "./give-text";
