import type { employees, teamMembers, teams } from "../schema";
import { seedId } from "./ids";

type Employee = typeof employees.$inferInsert;

const employee = (key: string, fields: Omit<Employee, "id">): Employee => ({
  id: seedId(`employee:${key}`),
  ...fields,
});

/** The operations manager is linked to the seeded admin login, so the admin can act as an employee. */
export const ADMIN_EMPLOYEE_ID = seedId("employee:tanvir-rahman");

export const employeeSeed: Employee[] = [
  employee("tanvir-rahman", {
    name: "Tanvir Rahman",
    email: "tanvir.rahman@utsabevents.com.bd",
    phone: "+880 1711-100201",
    position: "Manager",
    department: "Operations",
    joiningDate: "2019-03-01",
    salary: "120000",
    status: "active",
  }),
  employee("nusrat-jahan", {
    name: "Nusrat Jahan",
    email: "nusrat.jahan@utsabevents.com.bd",
    phone: "+880 1711-100202",
    position: "Team Lead",
    department: "Engineering",
    joiningDate: "2020-07-15",
    salary: "85000",
    status: "active",
  }),
  employee("arif-hossain", {
    name: "Arif Hossain",
    email: "arif.hossain@utsabevents.com.bd",
    phone: "+880 1711-100203",
    position: "Senior Engineer",
    department: "Engineering",
    joiningDate: "2021-01-10",
    salary: "65000",
    status: "active",
  }),
  employee("rakib-hasan", {
    name: "Rakib Hasan",
    email: "rakib.hasan@utsabevents.com.bd",
    phone: "+880 1711-100204",
    position: "Engineer",
    department: "Engineering",
    joiningDate: "2023-02-20",
    salary: "40000",
    status: "active",
  }),
  employee("farzana-akter", {
    name: "Farzana Akter",
    email: "farzana.akter@utsabevents.com.bd",
    phone: "+880 1711-100205",
    position: "Coordinator",
    department: "Sales",
    joiningDate: "2022-05-02",
    salary: "45000",
    status: "active",
  }),
  employee("sadia-islam", {
    name: "Sadia Islam",
    email: "sadia.islam@utsabevents.com.bd",
    phone: "+880 1711-100206",
    position: "Analyst",
    department: "Finance",
    joiningDate: "2022-09-01",
    salary: "55000",
    status: "active",
  }),
  employee("mahmudul-karim", {
    name: "Mahmudul Karim",
    email: "mahmudul.karim@utsabevents.com.bd",
    phone: "+880 1711-100207",
    position: "Specialist",
    department: "Operations",
    joiningDate: "2021-11-15",
    salary: "38000",
    status: "active",
  }),
  employee("shirin-sultana", {
    name: "Shirin Sultana",
    email: "shirin.sultana@utsabevents.com.bd",
    phone: "+880 1711-100208",
    position: "Coordinator",
    department: "Support",
    joiningDate: "2020-02-03",
    salary: "36000",
    status: "inactive",
  }),
];

export const teamSeed: (typeof teams.$inferInsert)[] = [
  { id: seedId("team:technical-crew"), name: "Technical Crew", leadId: seedId("employee:nusrat-jahan") },
  { id: seedId("team:operations-logistics"), name: "Operations & Logistics", leadId: ADMIN_EMPLOYEE_ID },
  { id: seedId("team:client-service"), name: "Sales & Client Service", leadId: seedId("employee:farzana-akter") },
];

const member = (team: string, employeeKey: string): typeof teamMembers.$inferInsert => ({
  teamId: seedId(`team:${team}`),
  employeeId: seedId(`employee:${employeeKey}`),
});

export const teamMemberSeed: (typeof teamMembers.$inferInsert)[] = [
  member("technical-crew", "nusrat-jahan"),
  member("technical-crew", "arif-hossain"),
  member("technical-crew", "rakib-hasan"),
  member("operations-logistics", "tanvir-rahman"),
  member("operations-logistics", "mahmudul-karim"),
  member("operations-logistics", "rakib-hasan"),
  member("client-service", "farzana-akter"),
  member("client-service", "sadia-islam"),
];
