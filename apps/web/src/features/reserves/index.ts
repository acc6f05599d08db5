export { ProofOfReservesPage } from './pages/proof-of-reserves-page';
export { CustodyPage } from './pages/custody-page';
