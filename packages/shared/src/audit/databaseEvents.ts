import { ev } from './template';

const on = 'in database [{db_name}] on [{db_service}]';
// Protocol-level requests all read alike: who sent what, to which database.
const request = <C extends string>(code: C, type: string, desc: string, what: string) =>
  ev(code, type, desc, `User [{user}] ${what} ${on}`);

/** Database resources, sessions, queries and protocol-level requests. */
export const databaseEvents = {
  DATABASE_SESSION_STARTED: ev('TDB00I', 'db.session.start', 'Database Session Started', `User [{user}] has connected to database [{db_name}] as [{db_user}] on [{db_service}]`),
  DATABASE_SESSION_STARTED_FAILURE: ev('TDB00W', 'db.session.start', 'Database Session Denied', 'User [{user}] was denied access to database [{db_name}] as [{db_user}] on [{db_service}]: {error}'),
  DATABASE_SESSION_ENDED: ev('TDB01I', 'db.session.end', 'Database Session Ended', 'User [{user}] has disconnected from database [{db_name}] on [{db_service}]'),
  DATABASE_SESSION_QUERY: ev('TDB02I', 'db.session.query', 'Database Query', `User [{user}] has executed query [{db_query}] ${on}`),
  DATABASE_SESSION_QUERY_FAILURE: ev('TDB02W', 'db.session.query.failed', 'Database Query Failed', `User [{user}] query [{db_query}] ${on} failed: {error}`),
  DATABASE_CREATED: ev('TDB03I', 'db.create', 'Database Created', 'User [{user}] created database [{name}]'),
  DATABASE_UPDATED: ev('TDB04I', 'db.update', 'Database Updated', 'User [{user}] updated database [{name}]'),
  DATABASE_DELETED: ev('TDB05I', 'db.delete', 'Database Deleted', 'User [{user}] deleted database [{name}]'),
  DATABASE_SESSION_MALFORMED_PACKET: ev('TDB06I', 'db.session.malformed_packet', 'Database Malformed Packet', `User [{user}] sent a malformed packet ${on}`),
  DATABASE_SESSION_PERMISSIONS_UPDATE: ev('TDB07I', 'db.session.permissions.update', 'Database Permissions Updated', `User [{user}] was assigned permissions [{permission_summary}] ${on}`),
  DATABASE_SESSION_USER_CREATE: ev('TDB08I', 'db.session.user.create', 'Database User Created', `User [{user}] was provisioned as database user [{db_user}] ${on}`),
  DATABASE_SESSION_USER_CREATE_FAILURE: ev('TDB08W', 'db.session.user.create', 'Database User Creation Failed', `Provisioning database user [{db_user}] ${on} failed: {error}`),
  POSTGRES_PARSE: request('TPG00I', 'db.session.postgres.statements.parse', 'PostgreSQL Statement Parse', 'has prepared statement [{statement_name}] with query [{query}]'),
  POSTGRES_BIND: request('TPG01I', 'db.session.postgres.statements.bind', 'PostgreSQL Statement Bind', 'has bound statement [{statement_name}] to portal [{portal_name}]'),
  POSTGRES_EXECUTE: request('TPG02I', 'db.session.postgres.statements.execute', 'PostgreSQL Statement Execute', 'has executed portal [{portal_name}]'),
  POSTGRES_CLOSE: request('TPG03I', 'db.session.postgres.statements.close', 'PostgreSQL Statement Close', 'has closed statement [{statement_name}] and portal [{portal_name}]'),
  POSTGRES_FUNCTION_CALL: request('TPG04I', 'db.session.postgres.function', 'PostgreSQL Function Call', 'has executed function with OID [{function_oid}]'),
  MYSQL_STATEMENT_PREPARE: request('TMY00I', 'db.session.mysql.statements.prepare', 'MySQL Statement Prepare', 'has prepared statement [{query}]'),
  MYSQL_STATEMENT_EXECUTE: request('TMY01I', 'db.session.mysql.statements.execute', 'MySQL Statement Execute', 'has executed statement [{statement_id}]'),
  MYSQL_STATEMENT_SEND_LONG_DATA: request('TMY02I', 'db.session.mysql.statements.send_long_data', 'MySQL Statement Send Long Data', 'has sent [{data_size}] bytes of data to parameter [{parameter_id}] of statement [{statement_id}]'),
  MYSQL_STATEMENT_CLOSE: request('TMY03I', 'db.session.mysql.statements.close', 'MySQL Statement Close', 'has closed statement [{statement_id}]'),
  MYSQL_STATEMENT_RESET: request('TMY04I', 'db.session.mysql.statements.reset', 'MySQL Statement Reset', 'has reset statement [{statement_id}]'),
  MYSQL_STATEMENT_FETCH: request('TMY05I', 'db.session.mysql.statements.fetch', 'MySQL Statement Fetch', 'has fetched [{rows_count}] rows of statement [{statement_id}]'),
  MYSQL_STATEMENT_BULK_EXECUTE: request('TMY06I', 'db.session.mysql.statements.bulk_execute', 'MySQL Statement Bulk Execute', 'has executed statement [{statement_id}] in bulk'),
  MYSQL_INIT_DB: request('TMY07I', 'db.session.mysql.init_db', 'MySQL Change Database', 'has changed default database to [{schema_name}]'),
  MYSQL_CREATE_DB: request('TMY08I', 'db.session.mysql.create_db', 'MySQL Create Database', 'has created schema [{schema_name}]'),
  MYSQL_DROP_DB: request('TMY09I', 'db.session.mysql.drop_db', 'MySQL Drop Database', 'has dropped schema [{schema_name}]'),
  MYSQL_SHUT_DOWN: request('TMY10I', 'db.session.mysql.shut_down', 'MySQL Shut Down', 'has attempted to shut down the server'),
  MYSQL_PROCESS_KILL: request('TMY11I', 'db.session.mysql.process_kill', 'MySQL Kill Process', 'has attempted to kill process [{process_id}]'),
  MYSQL_DEBUG: request('TMY12I', 'db.session.mysql.debug', 'MySQL Debug', 'has asked the server to dump debug information'),
  MYSQL_REFRESH: request('TMY13I', 'db.session.mysql.refresh', 'MySQL Refresh', 'has sent command [{subcommand}] to the server'),
  SQLSERVER_RPC_REQUEST: request('TMS00I', 'db.session.sqlserver.rpc_request', 'SQL Server RPC Request', 'has sent RPC request [{proc_name}]'),
  CASSANDRA_BATCH: request('TCA01I', 'db.session.cassandra.batch', 'Cassandra Batch', 'has sent a batch of [{children}] statements'),
  CASSANDRA_PREPARE: request('TCA02I', 'db.session.cassandra.prepare', 'Cassandra Prepare', 'has prepared query [{query}]'),
  CASSANDRA_EXECUTE: request('TCA03I', 'db.session.cassandra.execute', 'Cassandra Execute', 'has executed query [{query_id}]'),
  CASSANDRA_REGISTER: request('TCA04I', 'db.session.cassandra.register', 'Cassandra Register', 'has registered for events [{event_types}]'),
  ELASTICSEARCH_REQUEST: request('TES00I', 'db.session.elasticsearch.request', 'Elasticsearch Request', 'has sent [{method}] request to [{path}]'),
  ELASTICSEARCH_REQUEST_FAILURE: request('TES00E', 'db.session.elasticsearch.request', 'Elasticsearch Request Failed', 'request [{method}] to [{path}] failed'),
  OPENSEARCH_REQUEST: request('TOS00I', 'db.session.opensearch.request', 'OpenSearch Request', 'has sent [{method}] request to [{path}]'),
  OPENSEARCH_REQUEST_FAILURE: request('TOS00E', 'db.session.opensearch.request', 'OpenSearch Request Failed', 'request [{method}] to [{path}] failed'),
  DYNAMODB_REQUEST: request('TDY01I', 'db.session.dynamodb.request', 'DynamoDB Request', 'has sent [{target}] request'),
  DYNAMODB_REQUEST_FAILURE: request('TDY01E', 'db.session.dynamodb.request', 'DynamoDB Request Failed', 'request [{target}] failed'),
  REDIS_COMMAND: request('TRD00I', 'db.session.redis.command', 'Redis Command', 'has run command [{query}]'),
  MONGODB_COMMAND: request('TMG00I', 'db.session.mongodb.command', 'MongoDB Command', 'has run command [{query}]'),
} as const;
