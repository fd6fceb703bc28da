import { newRouter } from '../router';

export const branchRoutes = newRouter();
