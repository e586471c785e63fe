// Shared HMAC secrets, made once in the database. Code outside secrets imports this file only.
export { SecretService } from './secrets.service';
